import { useState, type FormEvent } from 'react';
import { notify } from '../services/toast.js';

const FAQS = [
  {
    q: 'Why does a screen open on an earlier date?',
    a: 'Screens linked to a crawl open on the last crawl date of their crawl type when today has no data yet.',
  },
  {
    q: 'What does "Trust This Browser" do?',
    a: 'It skips the e-mailed code on this browser for 30 days. Choose it only on your own device.',
  },
  {
    q: 'How do I share a dashboard?',
    a: 'Create a share link for one screen; the link expires and can be revoked at any time.',
  },
  {
    q: 'I was logged out suddenly.',
    a: 'Sessions end after a period of inactivity, after a password reset, or when an administrator blocks the account.',
  },
];

/** /workspace/faq/faqs — always allowed. */
export function FaqPage() {
  return (
    <section className="ss-page">
      <h1>FAQ</h1>
      <dl className="ss-faq">
        {FAQS.map((f) => (
          <div key={f.q}>
            <dt>{f.q}</dt>
            <dd>{f.a}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** /workspace/feedbackSupport/form — always allowed. */
export function FeedbackPage() {
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return notify.error('Fill required values');
    notify.success('Thank you! Our support team will get back to you.');
    setText('');
  };
  return (
    <section className="ss-page">
      <h1>Feedback &amp; Support</h1>
      <form className="ss-form" onSubmit={submit}>
        <label className="pub-field">
          <span>How can we help?</span>
          <textarea rows={6} value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <button type="submit" className="ss-btn ss-btn--primary">
          Send
        </button>
      </form>
    </section>
  );
}
