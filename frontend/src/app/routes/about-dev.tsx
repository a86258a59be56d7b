import '@/styles/pages.css';

const SKILLS = ['React', 'TypeScript', 'Rust', 'actix-web', 'PostgreSQL', 'SQLite', 'Node.js', 'CSS', 'Testing'];

const LINKS = [
  { name: 'GitHub', href: 'https://github.com/' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { name: 'X', href: 'https://x.com/' },
];

export function AboutDevRoute() {
  return (
    <div className="container page page-narrow">
      <title>About Dev · Paduka</title>
      <article className="card card-pad about">
        <div className="about-head">
          <span className="avatar-lg" aria-hidden="true">
            P
          </span>
          <div>
            <h1>About Dev</h1>
            <p className="muted">The people who build Paduka</p>
          </div>
        </div>
        <p>
          Paduka is built by a small team of full-stack developers who like fast pages, honest prices and code that is
          pleasant to change. The storefront is React and TypeScript; the shop behind it is a single Rust service that
          runs on a laptop as happily as on a cluster.
        </p>
        <h2 className="h3">Skills</h2>
        <ul className="chips" aria-label="Skills">
          {SKILLS.map((s) => (
            <li key={s} className="badge badge-neutral">
              {s}
            </li>
          ))}
        </ul>
        <h2 className="h3">Find us</h2>
        <ul className="about-links">
          {LINKS.map((l) => (
            <li key={l.name}>
              <a href={l.href} target="_blank" rel="noopener noreferrer" className="btn btn-secondary btn-sm">
                {l.name}
              </a>
            </li>
          ))}
        </ul>
      </article>
    </div>
  );
}
