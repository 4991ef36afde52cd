import NotYetAvailablePage from '../../system/pages/NotYetAvailablePage.tsx';

export default NotYetAvailablePage;
