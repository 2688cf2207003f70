import type { ReactElement } from 'react';
import { createStyles } from 'antd-style';
import { CommitteeScreen, MeetingScreen } from '../../modules/committee';

const useStyles = createStyles(({ token }) => ({
  page: { flex: 1, width: '100%', maxWidth: 1200, margin: '0 auto', padding: token.padding },
}));

/** /committee — the committee queue and meetings for Committee members and the Medical Director (the server answers 403 to anyone else). */
export function CommitteePage(): ReactElement {
  const { styles } = useStyles();
  return (
    <main className={styles.page}>
      <CommitteeScreen />
    </main>
  );
}

/** /committee/meetings/:meetingId — a meeting: attendance, agenda, outcomes, minutes. */
export function MeetingPage(): ReactElement {
  const { styles } = useStyles();
  return (
    <main className={styles.page}>
      <MeetingScreen />
    </main>
  );
}
