/** Placeholder: replaced by the screen itself in this session. */
export default function ProductStockPage() {
  return null;
}
