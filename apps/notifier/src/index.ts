export { createNotifierApp } from './app.js';
