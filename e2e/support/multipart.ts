/** The boundary of `multipart` bodies (the content type is MULTIPART). */
const BOUNDARY = "ProbeBoundary";

/** A multipart/form-data body with text fields, written by hand (a probe's request). */
export function multipart(fields: Record<string, string>): string {
  return (
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join("") + `--${BOUNDARY}--\r\n`
  );
}

export const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
