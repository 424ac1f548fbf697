/** A post body: HTML the server rendered and sanitised when it was written (the server page's `postBody`). */
export function PostBody({ html }: { html: string | undefined }) {
  return <div className="userContent" dir="auto" dangerouslySetInnerHTML={{ __html: html ?? "" }} />;
}
