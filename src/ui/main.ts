// The complaints_overview view: placeholder entry of the build, replaced by the view itself.
const app = document.getElementById('app');
if (app) app.textContent = 'complaints_overview';
