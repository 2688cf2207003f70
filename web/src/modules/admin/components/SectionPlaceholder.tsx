import { Empty } from 'antd';
import { createStyles } from 'antd-style';
import type { ReactElement } from 'react';

type SectionPlaceholderProps = { text: string };

const useStyles = createStyles(({ token, css }) => ({
  box: css`
    padding: ${token.paddingLG}px;
    background: ${token.colorBgContainer};
    border-radius: ${token.borderRadiusLG}px;
  `,
}));

/** A section the product keeps as a placeholder (spec §1: companies, payers, ledgers). */
export function SectionPlaceholder({ text }: SectionPlaceholderProps): ReactElement {
  const { styles } = useStyles();
  return (
    <div className={styles.box}>
      <Empty description={text} />
    </div>
  );
}

export function PracticesPlaceholder(): ReactElement {
  return <SectionPlaceholder text="Practice Profiles placeholder" />;
}

export function FacilitiesPlaceholder(): ReactElement {
  return <SectionPlaceholder text="Facility Profiles placeholder" />;
}

export function CompaniesPlaceholder(): ReactElement {
  return <SectionPlaceholder text="My Companies placeholder" />;
}

export function PayersPlaceholder(): ReactElement {
  return <SectionPlaceholder text="Payer Profiles placeholder" />;
}

export function CaseLedgerPlaceholder(): ReactElement {
  return <SectionPlaceholder text="Case Ledger placeholder" />;
}

export function PaymentLedgerPlaceholder(): ReactElement {
  return <SectionPlaceholder text="Payment Ledger placeholder" />;
}
