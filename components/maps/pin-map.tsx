"use client";

import { APIProvider, Map, Marker, useMap } from "@vis.gl/react-google-maps";
import { useEffect } from "react";
import { MapFailureWatch } from "./map-failure";

export interface MapPoint {
  lat: number;
  lng: number;
}

/** With no point yet: the whole world. */
const WORLD = { center: { lat: 20, lng: 0 }, zoom: 2 };

/** Moves the map to a point typed into the fields (a drag or a click is already in view). */
function FollowPoint({ point }: { point: MapPoint | null }) {
  const map = useMap();
  const lat = point?.lat;
  const lng = point?.lng;
  useEffect(() => {
    if (!map || lat === undefined || lng === undefined) return;
    if (!map.getBounds()?.contains({ lat, lng })) map.panTo({ lat, lng });
  }, [map, lat, lng]);
  return null;
}

/**
 * The back office's map with a draggable pin (loaded with next/dynamic by the location
 * editor, only when MAPS_PUBLIC_KEY is set): a click on the map or a drag of the pin picks the
 * point, which the editor writes into its latitude and longitude fields.
 */
export function PinMap({
  apiKey,
  language,
  point,
  pinLabel,
  onPick,
  onFailure,
}: {
  apiKey: string;
  language: string;
  point: MapPoint | null;
  /** The pin's tooltip and accessible name. */
  pinLabel: string;
  /** Picks a point (a click on the map, a drag of the pin); without it the pin stays put. */
  onPick?: (point: MapPoint) => void;
  onFailure: () => void;
}) {
  return (
    <APIProvider
      apiKey={apiKey}
      language={language}
      onError={onFailure}
      solutionChannel=""
      disableUsageAttribution
    >
      <MapFailureWatch onFailure={onFailure} />
      <Map
        className="h-72 w-full"
        defaultCenter={point ?? WORLD.center}
        defaultZoom={point ? 15 : WORLD.zoom}
        gestureHandling="cooperative"
        clickableIcons={false}
        streetViewControl={false}
        mapTypeControl={false}
        onClick={(event) => {
          const picked = event.detail.latLng;
          if (picked && onPick) onPick(picked);
        }}
      >
        {point ? (
          <Marker
            position={point}
            draggable={Boolean(onPick)}
            title={pinLabel}
            onDragEnd={(event) => {
              const moved = event.latLng;
              if (moved && onPick) onPick({ lat: moved.lat(), lng: moved.lng() });
            }}
          />
        ) : null}
        <FollowPoint point={point} />
      </Map>
    </APIProvider>
  );
}
