import Link from "next/link";
import { type ComponentProps } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";

/**
 * A help article's Markdown, rendered on the server with GitHub-flavoured Markdown (tables,
 * task lists, autolinks) and styled for both themes with the design tokens. Links inside the
 * site use Next's Link; links elsewhere open in a new tab.
 */
const components: Components = {
  h1: ({ node: _node, ...props }) => (
    <h2 className="mt-10 mb-3 text-2xl font-semibold" {...props} />
  ),
  h2: ({ node: _node, ...props }) => (
    <h2 className="mt-10 mb-3 text-2xl font-semibold" {...props} />
  ),
  h3: ({ node: _node, ...props }) => <h3 className="mt-8 mb-2 text-xl font-semibold" {...props} />,
  h4: ({ node: _node, ...props }) => <h4 className="mt-6 mb-2 text-lg font-semibold" {...props} />,
  p: ({ node: _node, ...props }) => <p className="my-4 leading-relaxed" {...props} />,
  ul: ({ node: _node, ...props }) => <ul className="my-4 list-disc space-y-2 pl-6" {...props} />,
  ol: ({ node: _node, ...props }) => <ol className="my-4 list-decimal space-y-2 pl-6" {...props} />,
  li: ({ node: _node, ...props }) => (
    <li className="leading-relaxed marker:text-muted-foreground" {...props} />
  ),
  strong: ({ node: _node, ...props }) => (
    <strong className="font-semibold text-foreground" {...props} />
  ),
  blockquote: ({ node: _node, ...props }) => (
    <blockquote className="my-4 border-l-4 border-primary pl-4 text-muted-foreground" {...props} />
  ),
  code: ({ node: _node, ...props }) => (
    <code className="rounded bg-surface-2 px-1.5 py-0.5 font-mono text-sm" {...props} />
  ),
  pre: ({ node: _node, ...props }) => (
    <pre className="my-4 overflow-x-auto rounded-card bg-surface-2 p-4 text-sm" {...props} />
  ),
  hr: ({ node: _node, ...props }) => <hr className="my-8 border-border" {...props} />,
  table: ({ node: _node, ...props }) => (
    <div className="my-6 overflow-x-auto rounded-card border border-border">
      <table className="w-full border-collapse text-left text-sm" {...props} />
    </div>
  ),
  thead: ({ node: _node, ...props }) => <thead className="bg-surface-2" {...props} />,
  th: ({ node: _node, ...props }) => (
    <th scope="col" className="px-4 py-2 font-semibold" {...props} />
  ),
  td: ({ node: _node, ...props }) => (
    <td className="border-t border-border px-4 py-2 align-top" {...props} />
  ),
  a: ({ node: _node, href, ...props }) => <MarkdownLink href={href} {...props} />,
  img: ({ node: _node, alt, ...props }) => (
    // eslint-disable-next-line @next/next/no-img-element -- article images have no known size
    <img alt={alt ?? ""} className="my-4 max-w-full rounded-card" loading="lazy" {...props} />
  ),
};

const linkClass =
  "text-primary-text underline underline-offset-4 hover:no-underline focus-visible:outline-2 focus-visible:outline-ring";

function MarkdownLink({ href, ...props }: ComponentProps<"a">) {
  if (href?.startsWith("#")) return <a href={href} className={linkClass} {...props} />;
  if (href?.startsWith("/") && !href.startsWith("//")) {
    return <Link href={href} className={linkClass} {...props} />;
  }
  return (
    <a href={href} className={linkClass} target="_blank" rel="noopener noreferrer" {...props} />
  );
}

export function MarkdownArticle({ source }: { source: string }) {
  return (
    <div className="text-base text-foreground">
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components}>
        {source}
      </ReactMarkdown>
    </div>
  );
}
