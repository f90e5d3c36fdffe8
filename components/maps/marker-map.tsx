"use client";

import { APIProvider, Map, Marker } from "@vis.gl/react-google-maps";
import { MapFailureWatch } from "./map-failure";
import type { MapPoint } from "./pin-map";

/**
 * A listing's point on a Google map (the public product page's "Where" section, loaded when
 * the section comes into view and only with MAPS_PUBLIC_KEY). `onFailure` hands the place
 * back to the address and its link.
 */
export function MarkerMap({
  apiKey,
  language,
  point,
  markerLabel,
  onFailure,
}: {
  apiKey: string;
  language: string;
  point: MapPoint;
  markerLabel: string;
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
        className="h-full w-full"
        defaultCenter={point}
        defaultZoom={15}
        gestureHandling="cooperative"
        clickableIcons={false}
        streetViewControl={false}
        mapTypeControl={false}
      >
        <Marker position={point} title={markerLabel} />
      </Map>
    </APIProvider>
  );
}
