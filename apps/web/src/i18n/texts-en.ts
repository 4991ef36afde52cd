import shell from './en.json';
import { mergeTexts, type TTree } from './merge.ts';

// The English texts of the back office: the shell's and every feature's, one chunk loaded only when English is shown.
const features = import.meta.glob<TTree>('../features/*/i18n/en.json', { eager: true, import: 'default' });
export default mergeTexts(shell, Object.values(features));
