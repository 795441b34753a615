/**
 * react-dom 18 publishes `react-dom/server.browser` (the web-streams build of the streaming
 * renderer) without a type entry of its own; its renderToReadableStream is the one typed in
 * @types/react-dom's `react-dom/server`. See app/http/render-page.server.ts for why we use it.
 */
declare module "react-dom/server.browser" {
  export { renderToReadableStream } from "react-dom/server";
}
