import { describeWorld } from "./spec";

describeWorld("toast");
