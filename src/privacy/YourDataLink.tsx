import { YOUR_DATA_PATH } from '../../machines/rules/privacy';

/** Where a signed-in applicant downloads or erases their data; on the success and standing pages. */
export function YourDataLink() {
  return (
    <p className="your-data-link">
      <a href={YOUR_DATA_PATH}>Your data</a>: download or erase what we keep about you.
    </p>
  );
}
