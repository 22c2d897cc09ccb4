import { Icon } from "../icons.tsx";

/**
 * Both icons of a carousel's play/pause button; CSS shows the one the button's `data-playing`
 * calls for (base.css), so the behaviour that starts and stops the carousel only sets that
 * attribute and the label, with or without React (decision 021).
 */
export function PlayPauseIcons() {
  return (
    <>
      <Icon name="pause" size={16} className="icon--pause" />
      <Icon name="play" size={16} className="icon--play" />
    </>
  );
}
