import { EditOutlined } from '@ant-design/icons';
import { Button, Descriptions, Flex, Form, Input, Switch, Typography } from 'antd';
import { type ReactElement, useState } from 'react';
import { DraggableDialog } from '../../widgets/components/DraggableDialog';
import { DemoBlock, DemoSection } from './DemoSection';

/** The draggable dialog with its two closing options. */
export function DialogDemo(): ReactElement {
  const [open, setOpen] = useState(false);
  const [closeOnEscape, setCloseOnEscape] = useState(false);
  const [closeOnBackdropClick, setCloseOnBackdropClick] = useState(true);
  const close = (): void => setOpen(false);
  return (
    <DemoSection
      title="Dialog"
      description="A modal dialog, 800 × 400 by default, that can be dragged by its header and always stays inside the window. Its header has an optional icon, the text and a close icon; at 576 px or narrower its font is smaller."
    >
      <DemoBlock title="Options">
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'escape',
              label: 'Close on Escape',
              children: <Switch checked={closeOnEscape} onChange={setCloseOnEscape} aria-label="Close on Escape" />,
            },
            {
              key: 'backdrop',
              label: 'Close on a backdrop click',
              children: <Switch checked={closeOnBackdropClick} onChange={setCloseOnBackdropClick} aria-label="Close on a backdrop click" />,
            },
          ]}
        />
        <Button type="primary" onClick={() => setOpen(true)}>
          Open the dialog
        </Button>
      </DemoBlock>
      <DraggableDialog
        open={open}
        onClose={close}
        title="Edit practice details"
        icon={<EditOutlined />}
        closeOnEscape={closeOnEscape}
        closeOnBackdropClick={closeOnBackdropClick}
        footer={
          <Flex gap="small">
            <Button onClick={close}>Cancel</Button>
            <Button type="primary" onClick={close}>
              Save
            </Button>
          </Flex>
        }
      >
        <Typography.Paragraph type="secondary">Drag this dialog by its header: it stops at the window's edges.</Typography.Paragraph>
        <Form layout="vertical" requiredMark={false}>
          <Form.Item label="Display Name">
            <Input defaultValue="Bayou Family Medicine" />
          </Form.Item>
          <Form.Item label="Website">
            <Input defaultValue="https://bayoufamily.example" />
          </Form.Item>
        </Form>
      </DraggableDialog>
    </DemoSection>
  );
}
