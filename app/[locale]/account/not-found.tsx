import { GroupNotFound, notFoundMetadata } from "@/components/layout/group-not-found";

export const generateMetadata = notFoundMetadata;

export default GroupNotFound;
