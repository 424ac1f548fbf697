// eslint-disable-next-line no-restricted-imports -- the one place allowed to wrap the raw hooks
import { useDispatch, useSelector, useStore } from "react-redux";
import type { RootState } from "@library/src/redux/rootReducer";
import type { AppDispatch, AppStore } from "@library/src/redux/store";

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
