import { ModulePlaceholder } from '../shell/ModulePlaceholder.tsx';

/** Placeholder until the screen's issue lands. */
export default function Screen() {
  return <ModulePlaceholder />;
}
