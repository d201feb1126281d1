// tabula gui: how moves feel: a move's sound (Web Audio, made here, nothing loaded) and the
// animation and sound buttons.
// @ts-check
import { $ } from './dom.js';
import { ui } from './state.js';

/** The sound's AudioContext: made at a person's click or key once sound is on (browsers let
 * a page sound only after one).
 * @type {AudioContext | null} */
let audio = null;

/** Makes or wakes the AudioContext, at a person's click or key, once sound is on. */
export function wakeAudio() {
  if (!ui.options.sound || !window.AudioContext) return;
  if (!audio) audio = new AudioContext();
  if (audio.state === 'suspended') audio.resume();
}

/** A short wooden knock: a falling triangle tone with a quick decay. */
export function moveSound() {
  if (!ui.options.sound || !audio || audio.state !== 'running') return;
  const now = audio.currentTime;
  const tone = audio.createOscillator();
  const level = audio.createGain();
  tone.type = 'triangle';
  tone.frequency.setValueAtTime(520, now);
  tone.frequency.exponentialRampToValueAtTime(240, now + 0.08);
  level.gain.setValueAtTime(0.0001, now);
  level.gain.exponentialRampToValueAtTime(0.3, now + 0.005);
  level.gain.exponentialRampToValueAtTime(0.0001, now + 0.1);
  tone.connect(level).connect(audio.destination);
  tone.start(now);
  tone.stop(now + 0.12);
}

/** The animation and sound buttons show their options. */
export function renderFeel() {
  $('animate').setAttribute('aria-pressed', String(ui.options.animate !== false));
  $('sound').setAttribute('aria-pressed', String(!!ui.options.sound));
}
