import styles from './banner-preview.module.css';

export interface PreviewContent {
  headline: string;
  body: string;
  cta_label: string;
  badge: string;
  link_url: string;
}

/** The bar as public/widget.js draws it (same markup and styles); `narrow` shows the phone layout. */
export function BannerPreview({ content, narrow }: { content: PreviewContent; narrow: boolean }) {
  return (
    <div className={narrow ? `${styles.frame} ${styles.narrow}` : styles.frame} data-testid="banner-preview">
      <div className={styles.bar} role="img" aria-label="Banner preview">
        {content.badge && <span className={styles.badge}>{content.badge}</span>}
        <span className={styles.text}>
          <strong className={styles.headline}>{content.headline || 'Your headline'}</strong>
          {content.body && <span className={styles.body}>{content.body}</span>}
        </span>
        {content.link_url && <span className={styles.cta}>{content.cta_label || 'Learn more'}</span>}
        <span className={styles.close} aria-hidden>×</span>
      </div>
      <div className={styles.page} aria-hidden />
    </div>
  );
}
