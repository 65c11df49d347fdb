import type { PathParams } from "../../router";

/** Props of a dashboard screen: the parameters of its path. */
export interface ScreenProps {
  params: PathParams;
}
