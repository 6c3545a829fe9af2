import { withoutExternalAssets } from './bull-board.js';

describe('withoutExternalAssets', () => {
  it('drops stylesheets and scripts from other origins and keeps local ones', () => {
    const html = [
      '<link href="https://fonts.googleapis.com/css2?family=X" rel="stylesheet">',
      '<link rel="stylesheet" href="//cdn.example/x.css">',
      '<script src="https://cdn.example/x.js"></script>',
      '<link href="static/css/main.css" rel="stylesheet">',
      '<script defer src="static/js/main.js"></script>',
    ].join('\n');
    expect(withoutExternalAssets(html)).toBe('<link href="static/css/main.css" rel="stylesheet">\n<script defer src="static/js/main.js"></script>');
  });
});
