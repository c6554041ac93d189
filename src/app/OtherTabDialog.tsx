import { AppDialog } from '../components/Dialog';
import { Button } from '../components/Button';

/** Shown when another tab changed the application: this tab stopped saving, and a reload shows the latest. */
export function OtherTabDialog() {
  return (
    <AppDialog
      open
      role="alertdialog"
      title="Your application changed in another tab"
      description="You changed your application in another tab or window. So that the two do not mix, this tab has stopped saving. Reload it to carry on with the latest answers."
      actions={
        <Button onClick={() => location.reload()} autoFocus>
          Reload
        </Button>
      }
    />
  );
}
