import { FailedScreen } from './FailedScreen';
import { useSend } from '../app/ApplicationProvider';

export function FailedRoute() {
  const send = useSend();
  return <FailedScreen onBack={() => send({ type: 'BACK' })} />;
}
