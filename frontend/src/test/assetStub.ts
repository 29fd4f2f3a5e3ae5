/** What a Vite asset import (`…?url`) gives in tests: an address, never fetched. */
export default '/mock-media/demo-clip.mp4';
