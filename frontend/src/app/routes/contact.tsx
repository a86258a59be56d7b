export function ContactRoute() {
  return (
    <div className="container page">
      <title>Contact · Paduka</title>
      <h1>Contact</h1>
    </div>
  );
}
