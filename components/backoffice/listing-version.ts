"use client";

import { useEffect, useRef } from "react";

/**
 * Several forms of one screen save the same listing (the product's details and its location):
 * each names the version it read, and each save moves the version on. After one form saved,
 * the others would be refused as stale although nobody else changed anything. So a form that
 * saved announces the move (`from` → `to`), and a form of the same listing that still holds
 * `from` takes `to`: the save it saw was this page's own, made while it held that version, so
 * nothing it shows changed. A form that holds another version keeps it, and a save from it is
 * refused as stale, as it should be.
 */
const EVENT = "livemarket:listing-version";

export interface ListingVersionMove {
  listingId: string;
  from: number;
  to: number;
}

/** The form's hidden version field (react-hook-form's getValues and setValue). */
export interface VersionHolder {
  getValues: (name: "version") => unknown;
  setValue: (name: "version", value: number) => void;
}

/** Sets the form's version to the saved one and tells the screen's other forms. */
export function settleListingVersion(form: VersionHolder, listingId: string, to: number): void {
  const from = Number(form.getValues("version"));
  form.setValue("version", to);
  if (from !== to) {
    window.dispatchEvent(
      new CustomEvent<ListingVersionMove>(EVENT, { detail: { listingId, from, to } }),
    );
  }
}

/** Follows this screen's own saves of the listing (see above). */
export function useFollowListingVersion(listingId: string | undefined, form: VersionHolder): void {
  const holder = useRef(form);
  useEffect(() => {
    holder.current = form;
  });
  useEffect(() => {
    if (!listingId) return;
    const follow = (event: Event) => {
      const move = (event as CustomEvent<ListingVersionMove>).detail;
      if (move.listingId !== listingId) return;
      if (Number(holder.current.getValues("version")) === move.from) {
        holder.current.setValue("version", move.to);
      }
    };
    window.addEventListener(EVENT, follow);
    return () => window.removeEventListener(EVENT, follow);
  }, [listingId]);
}
