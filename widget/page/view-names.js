// The views' names, the first the default: params.js reads the element's `view` against them, and views.js
// maps each to its module (a test keeps the two the same). A module apart from views.js, so that reading the
// page's options imports no view: the views import the options, and params.js importing the views closed a
// circle of 22 modules.
export const VIEW_NAMES = ["calculator", "event", "ladder"];
