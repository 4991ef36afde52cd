import shell from './de.json';
import { mergeTexts, type TTree } from './merge.ts';

// The German texts of the back office: the shell's and every feature's, one chunk loaded only when German is shown.
const features = import.meta.glob<TTree>('../features/*/i18n/de.json', { eager: true, import: 'default' });
export default mergeTexts(shell, Object.values(features));
