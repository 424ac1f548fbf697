import { toApiError } from "@library/src/api/apiError";
import { isLoadingOrLoaded } from "@library/src/loadable/loadable";
import { getMyPermissions } from "@library/src/permissions/permissionsApi";
import { createAppThunk } from "@library/src/redux/createAppThunk";

export const fetchPermissions = createAppThunk(
  "permissions/fetchPermissions",
  async (_: void, { rejectWithValue }) => {
    try {
      return await getMyPermissions();
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
  { condition: (_, { getState }) => !isLoadingOrLoaded(getState().permissions.permissions) },
);
