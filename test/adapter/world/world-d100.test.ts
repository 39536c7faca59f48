import { describeWorld } from "./spec";

describeWorld("d100");
