import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";

/**
 * A seller's Markdown (a listing's description): rendered on the server, never as raw HTML
 * (react-markdown drops it), without images (a seller's pictures belong in the gallery),
 * and with links marked as user content that open elsewhere.
 */
const components: Components = {
  h1: ({ node: _node, ...props }) => <h3 className="mt-6 mb-2 text-lg font-semibold" {...props} />,
  h2: ({ node: _node, ...props }) => <h3 className="mt-6 mb-2 text-lg font-semibold" {...props} />,
  h3: ({ node: _node, ...props }) => <h4 className="mt-4 mb-2 font-semibold" {...props} />,
  p: ({ node: _node, ...props }) => <p className="my-3 leading-relaxed" {...props} />,
  ul: ({ node: _node, ...props }) => <ul className="my-3 list-disc space-y-1 pl-6" {...props} />,
  ol: ({ node: _node, ...props }) => <ol className="my-3 list-decimal space-y-1 pl-6" {...props} />,
  a: ({ node: _node, href, ...props }) =>
    href && /^https?:\/\//i.test(href) ? (
      <a
        href={href}
        rel="nofollow ugc noopener noreferrer"
        target="_blank"
        className="text-primary-text underline underline-offset-4"
        {...props}
      />
    ) : (
      <span {...props} />
    ),
  img: () => null,
};

export function ListingMarkdown({ children }: { children: string }) {
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm]} components={components} skipHtml>
      {children}
    </ReactMarkdown>
  );
}
