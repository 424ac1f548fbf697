// Themes on every page: the colour scheme choice, and the preview toast a site manager sees while previewing.
import { registerThemePageWidgets } from "../themes/registerThemeWidgets";

registerThemePageWidgets();
