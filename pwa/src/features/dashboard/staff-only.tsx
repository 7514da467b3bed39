import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router-dom';
import { useToast } from '../../components/ui/use-toast';
import { STAFF_ONLY } from './dashboard-menu-items';

/** Where a traveller who opens a back-office URL lands: their bookings, with the reason. */
export function StaffOnly() {
  const toast = useToast();
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    toast.error(STAFF_ONLY);
  }, [toast]);
  return <Navigate to="/dashboard/bookings" replace />;
}
