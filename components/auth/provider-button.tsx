import type { ReactNode } from "react";
import { FormAlert } from "./form-alert";
import { Button } from "@/components/ui/button";

/** A full-width "Continue with …" button of a sign-in provider, with its error below. */
export function ProviderButton({
  mark,
  label,
  pending,
  error,
  onClick,
}: {
  mark: ReactNode;
  label: string;
  pending: boolean;
  error: string | null;
  onClick: () => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Button
        type="button"
        variant="outline"
        size="lg"
        className="w-full"
        disabled={pending}
        onClick={onClick}
      >
        {mark}
        {label}
      </Button>
      <FormAlert message={error} />
    </div>
  );
}
