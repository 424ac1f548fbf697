import { toApiError } from "@library/src/api/apiError";
import { getMe } from "@library/src/currentUser/currentUserApi";
import { isLoadingOrLoaded } from "@library/src/loadable/loadable";
import { createAppThunk } from "@library/src/redux/createAppThunk";

export const fetchCurrentUser = createAppThunk(
  "currentUser/fetchCurrentUser",
  async (_: void, { rejectWithValue }) => {
    try {
      return await getMe();
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
  { condition: (_, { getState }) => !isLoadingOrLoaded(getState().currentUser.current) },
);
