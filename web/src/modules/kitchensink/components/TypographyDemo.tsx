import { Divider, Flex, Space, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { type ReactElement, useState } from 'react';
import { TEXT_INPUT_WIDTH_PX, TITLE_INPUT_WIDTH_PX } from '../../widgets/constants/widgetConstants';
import { TextInput, TitleInput } from '../../widgets/components/TextInput';
import { DemoBlock, DemoSection } from './DemoSection';

const useStyles = createStyles(({ css }) => ({
  // antd puts 1.2em above a heading that follows another (.ant-typography + h2.ant-typography): three classes beat it.
  heading: css`
    &&& {
      margin-top: 0;
    }
  `,
}));

/** Headings, text styles, paragraphs and the text and title inputs. */
export function TypographyDemo(): ReactElement {
  const { styles } = useStyles();
  const [text, setText] = useState('Claims');
  const [title, setTitle] = useState('Credentialing committee');
  return (
    <DemoSection title="Typography" description="Headings, text styles and paragraphs from the theme, and the text and title inputs.">
      <DemoBlock title="Headings">
        {([1, 2, 3, 4, 5] as const).map((level) => (
          <Typography.Title key={level} level={level} className={styles.heading}>
            Heading level {level}
          </Typography.Title>
        ))}
      </DemoBlock>
      <DemoBlock title="Text styles">
        <Space direction="vertical">
          <Typography.Text>Default text</Typography.Text>
          <Typography.Text type="secondary">Secondary text</Typography.Text>
          <Typography.Text type="success">Success text</Typography.Text>
          <Typography.Text type="warning">Warning text</Typography.Text>
          <Typography.Text type="danger">Danger text</Typography.Text>
          <Typography.Text disabled aria-disabled="true">
            Disabled text
          </Typography.Text>
          <Typography.Text strong>Strong text</Typography.Text>
          <Typography.Text italic>Italic text</Typography.Text>
          <Typography.Text underline>Underlined text</Typography.Text>
          <Typography.Text delete>Deleted text</Typography.Text>
          <Typography.Text mark>Marked text</Typography.Text>
          <Typography.Text code>code()</Typography.Text>
          <Typography.Text keyboard>Ctrl</Typography.Text>
          <Typography.Text copyable>Copyable text</Typography.Text>
          <Typography.Link href="#typography">A link</Typography.Link>
        </Space>
      </DemoBlock>
      <DemoBlock title="Text and title inputs">
        <Flex vertical gap="small" align="flex-start">
          <Typography.Text type="secondary">Text input, {TEXT_INPUT_WIDTH_PX} px (a tab's name)</Typography.Text>
          <TextInput aria-label="Text input" value={text} onChange={(event) => setText(event.target.value)} />
          <Typography.Text type="secondary">Title input, {TITLE_INPUT_WIDTH_PX} px (a group chat's title)</Typography.Text>
          <TitleInput aria-label="Title input" value={title} onChange={(event) => setTitle(event.target.value)} />
        </Flex>
      </DemoBlock>
      <DemoBlock title="Paragraphs">
        <Typography.Paragraph>
          Credentialing staff verify a provider's licences, board certifications and work history against primary
          sources before the provider joins a practice or a payer network, and again at every re-certification.
        </Typography.Paragraph>
        <Divider />
        <Typography.Paragraph ellipsis={{ rows: 2, expandable: true, symbol: 'Expand' }}>
          A long paragraph is cut after two lines with an expand link. Providers keep their profile, practice
          addresses, NPI and contact details up to date so that credentialing staff always work from current data,
          and messages between them stay inside the app rather than in email threads.
        </Typography.Paragraph>
      </DemoBlock>
    </DemoSection>
  );
}
