/** A multipart/form-data body with one file, as a browser's upload sends it: the payload and its content type. */
export function multipartFile(
  filename: string,
  data: Buffer,
  field = "file",
): { payload: Buffer; contentType: string } {
  const boundary = `----forumtest${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      "Content-Type: application/octet-stream\r\n\r\n",
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
