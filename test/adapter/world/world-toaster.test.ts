import { describeWorld } from "./spec";

describeWorld("toaster");
