// Asks before a post or comment is deleted: deleting cannot be undone.
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  what: 'post' | 'comment';
  pending: boolean;
  onConfirm: () => void;
};

export function ConfirmDeleteDialog({ open, onOpenChange, what, pending, onConfirm }: Props) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete this ${what}?`}
      description={
        what === 'post'
          ? 'The post, its likes and its comments are removed for everyone. This cannot be undone.'
          : 'The comment is removed for everyone. This cannot be undone.'
      }
    >
      <DialogActions>
        <Button variant="danger" onClick={onConfirm} disabled={pending}>
          {pending ? 'Deleting…' : `Delete ${what}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
