export { default } from '../../system/pages/NotYetAvailablePage.tsx';
