import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../../ui/hooks/useDebouncedValue';

/**
 * Whether a value is already in use, checked 300 ms after it stops changing and only while
 * `checkable` holds for it. Gives null while unknown (not checkable, pending or failed).
 * `scope` names what is checked (the query key: a user name and an email are different questions).
 */
export function useDuplicateCheck(
  value: string,
  checkable: (value: string) => boolean,
  isDuplicate: (value: string) => Promise<boolean>,
  scope = 'value',
): boolean | null {
  const debounced = useDebouncedValue(value);
  const check = useQuery({
    queryKey: ['duplicateCheck', scope, debounced],
    queryFn: () => isDuplicate(debounced),
    enabled: checkable(debounced),
    // Asked again each time the value settles on it (a name may have been taken meanwhile).
    staleTime: 0,
  });
  return check.data !== undefined && debounced === value && checkable(value) ? check.data : null;
}
