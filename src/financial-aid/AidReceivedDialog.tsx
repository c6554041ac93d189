import { useNavigate } from 'react-router-dom';
import { AppDialog } from '../components/Dialog';

/** Shown on /apply/success at the end of the financial-aid flow (docs/product.md §4); its button leads home. */
export function AidReceivedDialog() {
  const navigate = useNavigate();
  return (
    <AppDialog
      open
      title="Financial aid application received"
      description="Thank you. We will review your financial aid application and write to you by email."
      onClose={() => navigate('/', { replace: true })}
      actions={
        <a className="button" href="/">
          Go to the home page
        </a>
      }
    />
  );
}
