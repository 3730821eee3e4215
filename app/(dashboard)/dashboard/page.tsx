import { redirect } from 'next/navigation';

// The console's home is the key list.
export default function DashboardHome() {
  redirect('/keys');
}
