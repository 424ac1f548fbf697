// Components import their stylesheets for webpack to bundle (`import "./x.css"`); the import has no value.
declare module "*.css";
