/** Placeholder: replaced by the screen itself in this session. */
export default function ProductEditPage() {
  return null;
}
