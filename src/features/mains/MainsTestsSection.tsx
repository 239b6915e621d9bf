import { MyWorkSection } from './MyWorkList';

/** The Test Corner's "Mains tests" section. */
export function MainsTestsSection() {
  return (
    <MyWorkSection
      title="Mains tests"
      headingId="mains-tests-title"
      spacing={{ mt: 4 }}
      kind="test"
      label="Your Mains tests"
      emptyText="No Mains tests for you yet"
    />
  );
}
