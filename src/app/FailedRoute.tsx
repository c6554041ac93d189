import { FailedScreen } from '../screens/FailedScreen';
import { useSend } from './ApplicationContext';

export function FailedRoute() {
  const send = useSend();
  return <FailedScreen onBack={() => send({ type: 'BACK' })} />;
}
