import { Route, Routes, useParams } from "react-router";
import { ThemeEditor } from "./ThemeEditor";
import { ThemeList } from "./ThemeList";
import { ThemeRevisions } from "./ThemeRevisions";
import "./themes.css";

function EditRoute() {
  const { themeID = "" } = useParams();
  return <ThemeEditor key={themeID} themeID={themeID} />;
}

function RevisionsRoute() {
  const { themeID = "" } = useParams();
  return <ThemeRevisions key={themeID} themeID={themeID} />;
}

/** Dashboard › Appearance › Themes: the themes, a new theme, one theme's editor, its revisions. */
export function ThemesSection() {
  return (
    <Routes>
      <Route index element={<ThemeList />} />
      <Route path="new" element={<ThemeEditor key="new" themeID={null} />} />
      <Route path=":themeID/edit" element={<EditRoute />} />
      <Route path=":themeID/revisions" element={<RevisionsRoute />} />
    </Routes>
  );
}
