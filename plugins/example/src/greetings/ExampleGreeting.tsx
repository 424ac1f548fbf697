import "../../api/exampleWidgets";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import "./exampleGreeting.css";

/** The site's greeting between a discussion's original post and its comments. */
export function ExampleGreeting({ greeting }: RenderedWidgetProps<"ExampleGreeting">) {
  return <p className="exampleGreeting">{greeting}</p>;
}
