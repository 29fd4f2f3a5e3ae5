import { afterEach, describe, expect, test } from '@jest/globals';

// The test environment's FormData (jest.polyfills.js): Node's, so fetch and MSW accept it, and able to read a
// form, as React does on some submits (`new FormData(form, submitter)`).

function mountForm(html: string): HTMLFormElement {
  const form = document.createElement('form');
  form.innerHTML = html;
  document.body.append(form);
  return form;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('FormData in tests', () => {
  test('reads a form as a browser does and still serves as a fetch body', async () => {
    const form = mountForm(`
      <input name="login_identifier" value="ada@example.com">
      <input name="password" type="password" value="password123">
      <input name="off" value="x" disabled>
      <input name="remember" type="checkbox" value="yes" checked>
      <input name="unchecked" type="checkbox">
      <select name="mode"><option>email</option><option selected>phone</option></select>
      <textarea name="note">hi</textarea>
      <input name="attachment" type="file">
      <button name="action" value="other">Other</button>
      <button name="action" value="sign_in">Sign in</button>
    `);
    const submitter = form.querySelectorAll('button')[1];

    const data = new FormData(form, submitter);

    expect([...data].map(([name, value]) => [name, typeof value === 'string' ? value : `file:${value.name}`])).toEqual([
      ['login_identifier', 'ada@example.com'],
      ['password', 'password123'],
      ['remember', 'yes'],
      ['mode', 'phone'],
      ['note', 'hi'],
      ['attachment', 'file:'],
      ['action', 'sign_in'],
    ]);
    const sent = await new Request('http://localhost/api/echo', { method: 'POST', body: data }).formData();
    expect(sent.get('login_identifier')).toBe('ada@example.com');
    expect(sent.getAll('action')).toEqual(['sign_in']);
    expect(new FormData(form).getAll('action')).toEqual([]);
  });

  test('an argument that is not a form is refused, as in a browser', () => {
    expect(() => new FormData(document.createElement('div') as unknown as HTMLFormElement)).toThrow(TypeError);
  });
});
