import { Route, Routes, useParams } from "react-router";
import { RoleEditor } from "./RoleEditor";
import { RoleList } from "./RoleList";

function EditRoute() {
  const { roleID } = useParams();
  return <RoleEditor key={roleID} roleID={Number(roleID)} />;
}

/** Dashboard › Roles & Permissions: the list, a new role, one role's editor. */
export function RolesSection() {
  return (
    <Routes>
      <Route index element={<RoleList />} />
      <Route path="new" element={<RoleEditor key="new" roleID={null} />} />
      <Route path=":roleID" element={<EditRoute />} />
    </Routes>
  );
}
